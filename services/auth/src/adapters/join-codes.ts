import { randomBytes } from 'node:crypto';
import { joinCodeFrom } from '../domain/rules.ts';

/** A fresh random join code (6 readable characters: about 887 million codes). */
export const randomJoinCode = (): string => joinCodeFrom(randomBytes(6));

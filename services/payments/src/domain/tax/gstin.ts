/** The GSTIN check lives in the contracts (forms check it too); the tax rule reads it from here. */
export { gstinCheckCharacter, gstinState, isValidGstin } from '@akhada/contracts';

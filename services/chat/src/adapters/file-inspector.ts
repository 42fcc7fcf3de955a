import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

/** The type the bytes say (file-type reads their signature), or undefined (plain text has none). */
export const sniff = async (bytes: Uint8Array): Promise<string | undefined> => (await fileTypeFromBuffer(bytes))?.mime;

/** A JPEG preview of at most 320×320 (turned upright), or null when the image cannot be read. */
export const thumbnail = async (bytes: Uint8Array): Promise<Buffer | null> => {
  try {
    return await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(320, 320, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 70 })
      .toBuffer();
  } catch {
    return null;
  }
};

import { PROFILE_PICTURE_SIZE_PX } from '@akhada/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

/** The type the bytes say (file-type reads their signature), or undefined. The file's name is never trusted. */
export const sniffImageType = async (bytes: Uint8Array): Promise<string | undefined> => (await fileTypeFromBuffer(bytes))?.mime;

/**
 * The stored avatar: a centred square JPEG, turned upright by its EXIF orientation and without metadata (a phone
 * photo's location does not travel on). Null when the image cannot be decoded.
 */
export const squareAvatar = async (bytes: Uint8Array): Promise<Buffer | null> => {
  try {
    return await sharp(bytes, { limitInputPixels: 40_000_000, animated: false })
      .rotate()
      .resize(PROFILE_PICTURE_SIZE_PX, PROFILE_PICTURE_SIZE_PX, { fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  } catch {
    return null;
  }
};

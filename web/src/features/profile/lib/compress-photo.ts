/** Spec §5/§9: profile photos up to 50 MB, compressed automatically. */
export const PHOTO_MAX_BYTES = 50 * 1024 * 1024;
export const PHOTO_MAX_SIDE = 1024;
export const PHOTO_QUALITY = 0.85;

/**
 * Shrinks a picture in the browser before upload: longest side at most 1024 px, JPEG at 0.85,
 * transparency on white. Anything the browser cannot decode or draw (HEIC, no canvas) goes up as
 * it is: the server re-processes every photo anyway and says what is wrong with it. The original
 * is also kept when re-encoding would not make it smaller.
 */
export async function compressPhoto(file: File, maxSide = PHOTO_MAX_SIDE, quality = PHOTO_QUALITY): Promise<File> {
  try {
    if (typeof createImageBitmap !== 'function') return file;
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) {
      bitmap.close();
      return file;
    }
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (!blob || (scale === 1 && blob.size >= file.size)) return file;
    const name = `${file.name.replace(/\.[^./\\]+$/, '') || 'photo'}.jpg`;
    return new File([blob], name, { type: 'image/jpeg' });
  } catch (error) {
    console.warn('Photo compression failed; uploading the original', error);
    return file;
  }
}

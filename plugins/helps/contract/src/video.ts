/** A YouTube video id or a full YouTube URL reduced to its id. */
export const VIDEO_CODE_PATTERN = /^[A-Za-z0-9_-]{6,32}$/;

export function extractVideoCode(input: string): string {
  const value = input.trim();
  const url = /(?:youtu\.be\/|youtube(?:-nocookie)?\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/))([A-Za-z0-9_-]{6,32})/.exec(value);
  return url ? url[1] : value;
}

import { mediaEditor } from '../editors/MediaBody.js';

/** Audio: one ogg/mp3/opus (5 MB), sent as recorded by default. */
export default mediaEditor('audio', { url: '', record: true });

import { mediaEditor } from '../editors/MediaBody.js';

/** Video: one mp4 (20 MB), with a caption. */
export default mediaEditor('video', { url: '', record: false });

import { mediaEditor } from '../editors/MediaBody.js';

/** PDF: one file (10 MB). */
export default mediaEditor('pdf', { url: '' });

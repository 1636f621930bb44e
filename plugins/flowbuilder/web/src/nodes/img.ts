import { mediaEditor } from '../editors/MediaBody.js';

/** Imagen: one png/jpg (2 MB), compressed before upload, with a caption. */
export default mediaEditor('img', { url: '' });

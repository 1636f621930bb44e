import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Voice notes with MediaRecorder. The spec asks for mp3 at 128 kbps, but browsers do not encode mp3;
 * they record Opus natively (Chrome in WebM, Firefox/Safari in Ogg or MP4). We record Opus at
 * 128 kbps and the server converts audio to OGG/Opus, which is what WhatsApp plays as a voice note.
 */
const PREFERRED_TYPES = ['audio/ogg;codecs=opus', 'audio/webm;codecs=opus', 'audio/mp4'];
export const AUDIO_BITS_PER_SECOND = 128_000;

function supportedType(): string | undefined {
  if (typeof MediaRecorder === 'undefined' || typeof MediaRecorder.isTypeSupported !== 'function') return undefined;
  return PREFERRED_TYPES.find((t) => MediaRecorder.isTypeSupported(t));
}

/** The file extension of a recorded MIME type. */
export function audioExtension(mimeType: string): string {
  if (mimeType.includes('ogg')) return 'ogg';
  if (mimeType.includes('mp4')) return 'm4a';
  return 'webm';
}

export function useAudioRecorder() {
  const [recording, setRecording] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const chunks = useRef<Blob[]>([]);

  const release = () => {
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
    recorder.current = null;
  };

  useEffect(() => {
    if (!recording) return;
    setSeconds(0);
    const timer = setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => clearInterval(timer);
  }, [recording]);

  // Leaving the ticket while recording frees the microphone.
  useEffect(
    () => () => {
      if (recorder.current?.state === 'recording') recorder.current.stop();
      release();
    },
    [],
  );

  /** Starts recording; a missing or refused microphone is only logged (core-operations §8). */
  const start = useCallback(async (): Promise<boolean> => {
    try {
      const media = await navigator.mediaDevices.getUserMedia({ audio: true });
      const mimeType = supportedType();
      const rec = new MediaRecorder(media, { ...(mimeType ? { mimeType } : {}), audioBitsPerSecond: AUDIO_BITS_PER_SECOND });
      chunks.current = [];
      rec.ondataavailable = (e) => {
        if (e.data.size) chunks.current.push(e.data);
      };
      stream.current = media;
      recorder.current = rec;
      rec.start();
      setRecording(true);
      return true;
    } catch (err) {
      console.error('microphone unavailable', err);
      release();
      return false;
    }
  }, []);

  /** Stops; resolves with the recording when kept, null when cancelled. */
  const stop = useCallback(
    (keep: boolean): Promise<Blob | null> =>
      new Promise((resolve) => {
        const rec = recorder.current;
        setRecording(false);
        if (!rec || rec.state === 'inactive') {
          release();
          resolve(null);
          return;
        }
        rec.onstop = () => {
          const type = rec.mimeType || chunks.current[0]?.type || 'audio/webm';
          release();
          resolve(keep ? new Blob(chunks.current, { type }) : null);
        };
        rec.stop();
      }),
    [],
  );

  return { recording, seconds, start, stop };
}

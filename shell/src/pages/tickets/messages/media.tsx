import { createContext, useContext, useEffect, useState } from 'react';
import { Button, Flex, Image, Skeleton, Typography, theme } from 'antd';
import { DownloadOutlined, EnvironmentOutlined, FileOutlined, PhoneOutlined, UserOutlined, WarningOutlined } from '@ant-design/icons';
import type { MessageDto } from '@atende/core-contract';
import { api, useT } from '@atende/sdk-web';
import { parseLocation, parseVcards } from './conversation.js';
import { safeHref } from './MessageBody.js';

/**
 * Media under /api/media needs the bearer token, so it cannot be an <img src>: each file is fetched
 * once as a Blob through the API client (core-operations §7 "media is fetched by URL as a blob") and
 * shown through an object URL; the list revokes them all when it goes away.
 */
export class MediaCache {
  private readonly urls = new Map<string, Promise<string>>();
  private readonly made = new Set<string>();

  get(mediaUrl: string): Promise<string> {
    let p = this.urls.get(mediaUrl);
    if (!p) {
      p = fetchMedia(mediaUrl).then((u) => {
        if (u.startsWith('blob:')) this.made.add(u);
        return u;
      });
      // A failed fetch may be retried by the next viewer.
      p.catch(() => this.urls.delete(mediaUrl));
      this.urls.set(mediaUrl, p);
    }
    return p;
  }

  /** Revokes every object URL made so far. */
  clear(): void {
    for (const u of this.made) URL.revokeObjectURL(u);
    this.made.clear();
    this.urls.clear();
  }
}

async function fetchMedia(mediaUrl: string): Promise<string> {
  if (mediaUrl.startsWith('/api/')) {
    const blob = await api.get<Blob>(mediaUrl.slice('/api'.length), { responseType: 'blob' });
    return URL.createObjectURL(blob);
  }
  // Another provider's public http(s) URL needs no token; anything else (javascript:, data:…) is refused.
  const href = safeHref(mediaUrl);
  if (!href) throw new Error('unsupported media URL');
  return href;
}

export const MediaCacheContext = createContext<MediaCache | null>(null);

/** The object URL of a message's file, or its loading/failed state. */
export function useMediaUrl(mediaUrl: string | null): { src: string | null; failed: boolean } {
  const cache = useContext(MediaCacheContext);
  const [state, setState] = useState<{ for: string | null; src: string | null; failed: boolean }>({ for: null, src: null, failed: false });
  useEffect(() => {
    if (!mediaUrl || !cache) return;
    let alive = true;
    cache.get(mediaUrl).then(
      (src) => alive && setState({ for: mediaUrl, src, failed: false }),
      (err: unknown) => {
        console.warn('media not loaded', mediaUrl, err);
        if (alive) setState({ for: mediaUrl, src: null, failed: true });
      },
    );
    return () => {
      alive = false;
    };
  }, [mediaUrl, cache]);
  return state.for === mediaUrl ? { src: state.src, failed: state.failed } : { src: null, failed: false };
}

function MediaFailed() {
  const { t } = useT();
  return (
    <Typography.Text type="secondary" data-testid="message-media-error">
      <WarningOutlined /> {t('messages.mediaError')}
    </Typography.Text>
  );
}

/** Pictures open enlarged on click (antd's preview). */
function ImageMedia({ url, onLoad }: { url: string; onLoad?: () => void }) {
  const { src, failed } = useMediaUrl(url);
  if (failed) return <MediaFailed />;
  if (!src) return <Skeleton.Image active style={{ width: 240, height: 180 }} />;
  return <Image data-testid="message-image" src={src} width={240} style={{ maxHeight: 320, objectFit: 'cover', borderRadius: 6 }} onLoad={onLoad} />;
}

function AudioMedia({ url }: { url: string }) {
  const { src, failed } = useMediaUrl(url);
  if (failed) return <MediaFailed />;
  if (!src) return <Skeleton.Input active size="small" style={{ width: 260 }} />;
  return <audio data-testid="message-audio" controls preload="metadata" src={src} style={{ width: 280, maxWidth: '100%' }} />;
}

function VideoMedia({ url, onLoad }: { url: string; onLoad?: () => void }) {
  const { src, failed } = useMediaUrl(url);
  if (failed) return <MediaFailed />;
  if (!src) return <Skeleton.Image active style={{ width: 240, height: 180 }} />;
  return <video data-testid="message-video" controls preload="metadata" src={src} style={{ maxWidth: '100%', maxHeight: 360, borderRadius: 6 }} onLoadedMetadata={onLoad} />;
}

/** A document: fetched only when the agent asks for it, then saved under its original name. */
function FileMedia({ url, name }: { url: string; name: string }) {
  const { t } = useT();
  const cache = useContext(MediaCacheContext);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    if (!cache) return;
    setBusy(true);
    try {
      const href = await cache.get(url);
      const a = document.createElement('a');
      a.href = href;
      a.download = name;
      a.rel = 'noopener';
      document.body.appendChild(a);
      a.click();
      a.remove();
      setFailed(false);
    } catch (err) {
      console.warn('file not downloaded', url, err);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex vertical gap={4}>
      <Flex align="center" gap={8}>
        <FileOutlined style={{ fontSize: 24 }} />
        <Typography.Text data-testid="message-file-name" ellipsis style={{ maxWidth: 360 }}>
          {name}
        </Typography.Text>
        <Button size="small" icon={<DownloadOutlined />} loading={busy} onClick={() => void download()} data-testid="message-file-download">
          {t('messages.download')}
        </Button>
      </Flex>
      {failed && <MediaFailed />}
    </Flex>
  );
}

function LocationMedia({ body }: { body: string }) {
  const { t } = useT();
  const { image, link, description } = parseLocation(body);
  // The preview is a picture sent with the location (data:image/… or http(s)); nothing else is loaded.
  const preview = image.startsWith('data:image/') ? image : safeHref(image);
  const href = safeHref(link);
  return (
    <Flex vertical gap={6} data-testid="message-location">
      {preview ? (
        <img src={preview} alt={t('messages.location')} style={{ width: 240, maxWidth: '100%', borderRadius: 6 }} />
      ) : (
        <Typography.Text>
          <EnvironmentOutlined /> {t('messages.location')}
        </Typography.Text>
      )}
      {description && <Typography.Text>{description}</Typography.Text>}
      {href && (
        <Button size="small" icon={<EnvironmentOutlined />} href={href} target="_blank" rel="noopener noreferrer" data-testid="message-location-open">
          {t('messages.openMap')}
        </Button>
      )}
    </Flex>
  );
}

function VcardMedia({ body }: { body: string }) {
  const { t } = useT();
  const { token } = theme.useToken();
  const cards = parseVcards(body);
  return (
    <Flex vertical gap={6} data-testid="message-vcard">
      {(cards.length ? cards : [{ name: t('messages.contactCard'), numbers: [] }]).map((c, i) => (
        <Flex key={i} align="center" gap={8} style={{ padding: 8, borderRadius: 6, background: token.colorFillQuaternary }}>
          <UserOutlined style={{ fontSize: 20 }} />
          <Flex vertical>
            <Typography.Text strong>{c.name || t('messages.contactCard')}</Typography.Text>
            {c.numbers.map((n) => (
              <Typography.Text key={n} type="secondary">
                {n}
              </Typography.Text>
            ))}
          </Flex>
        </Flex>
      ))}
    </Flex>
  );
}

export function CallLogLine() {
  const { t } = useT();
  const { token } = theme.useToken();
  return (
    <Typography.Text data-testid="message-call-log">
      <PhoneOutlined style={{ color: token.colorError }} /> {t('messages.lostCall')}
    </Typography.Text>
  );
}

/**
 * The non-text part of a message. Answers whether the body is shown as a caption below it
 * (locations, contacts and documents' own names already show it).
 */
export function MessageMedia({ message: m, onLoad }: { message: MessageDto; onLoad?: () => void }) {
  const { t } = useT();
  if (m.mediaType === 'call_log') return <CallLogLine />;
  if (m.mediaType === 'locationMessage') return <LocationMedia body={m.body} />;
  if (m.mediaType === 'vcard' || m.mediaType === 'contactMessage') return <VcardMedia body={m.body} />;
  if (!m.mediaUrl) return null;
  if (m.mediaType === 'image') return <ImageMedia url={m.mediaUrl} onLoad={onLoad} />;
  if (m.mediaType === 'audio') return <AudioMedia url={m.mediaUrl} />;
  if (m.mediaType === 'video') return <VideoMedia url={m.mediaUrl} onLoad={onLoad} />;
  return <FileMedia url={m.mediaUrl} name={m.mediaName || m.body || m.mediaUrl.split('/').pop() || t('messages.file')} />;
}

/** Whether the body is a caption to print under the media (not the location/vCard data, not the file name again). */
export function showsCaption(m: MessageDto): boolean {
  if (!m.body || ['call_log', 'locationMessage', 'vcard', 'contactMessage'].includes(m.mediaType)) return false;
  if (!m.mediaUrl) return true;
  if (['image', 'video', 'audio'].includes(m.mediaType)) return true;
  return !!m.mediaName && m.body !== m.mediaName;
}

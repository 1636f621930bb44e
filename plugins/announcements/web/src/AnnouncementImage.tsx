import { useEffect, useState } from 'react';
import { Image, Skeleton } from 'antd';
import { call } from '@atende/sdk-web';
import { ANNOUNCEMENT_ENDPOINTS, type Announcement } from '@atende/plugin-announcements-contract';

/** The image is behind sign-in (bearer token), so it is fetched as a blob rather than linked. */
export function AnnouncementImage({ announcement, width = 240 }: { announcement: Announcement; width?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!announcement.mediaPath) return;
    let url: string | null = null;
    let gone = false;
    call(ANNOUNCEMENT_ENDPOINTS.media, { params: { id: announcement.id } }).then(
      (blob) => {
        if (gone) return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      },
      () => undefined,
    );
    return () => {
      gone = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [announcement.id, announcement.mediaPath, announcement.updatedAt]);
  if (!announcement.mediaPath) return null;
  return src ? <Image src={src} alt={announcement.mediaName ?? ''} width={width} style={{ maxWidth: '100%' }} /> : <Skeleton.Image active />;
}

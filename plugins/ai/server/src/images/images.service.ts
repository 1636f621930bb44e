import { Inject, Injectable } from '@nestjs/common';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { toFile } from 'openai';
import { AppError, MEDIA, TENANCY, type AuthUser, type Media, type Tenancy } from '@atende/sdk-server';
import type { ImageItem, imageGenerateSchema } from '@atende/plugin-ai-contract';
import { ImageEntity, type ImageRow } from '../entities.js';
import { CreditsService } from '../credits/credits.service.js';
import { imageCostName } from '../credits/costs.js';
import { OpenAiProvider } from '../openai/provider.js';

type Generate = z.output<typeof imageGenerateSchema>;

const toItem = (r: ImageRow): ImageItem => ({
  id: r.id,
  prompt: r.prompt,
  imageUrl: r.status === 'completed' ? `/api/ai-images/download/${r.id}` : null,
  imagePath: r.imagePath ?? null,
  createdAt: r.createdAt.toISOString(),
  status: r.status as ImageItem['status'],
  creditsConsumed: r.creditsConsumed,
  size: r.size,
  quality: r.quality,
  errorMessage: r.errorMessage ?? null,
});

/** A reference image as bytes (base64 or a data: URL); its first bytes must say PNG, JPEG or WebP. */
export function referenceBytes(data: string): { bytes: Buffer; type: string; ext: string } {
  const raw = data.replace(/^data:[^;]+;base64,/, '');
  const bytes = Buffer.from(raw, 'base64');
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { bytes, type: 'image/png', ext: 'png' };
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { bytes, type: 'image/jpeg', ext: 'jpg' };
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return { bytes, type: 'image/webp', ext: 'webp' };
  throw AppError.validation([{ path: 'referenceImage', message: 'La imagen de referencia debe ser un archivo de imagen' }]);
}

/**
 * The image generator (commercial-admin §2, §5): the row is written pending, the credits for its size and
 * quality are spent, the model generates (or edits the reference image), the picture is kept with the
 * company's files; a provider failure refunds and leaves the row in `error` with the reason.
 */
@Injectable()
export class ImagesService {
  constructor(
    @Inject(TENANCY) private readonly tenancy: Tenancy,
    @Inject(MEDIA) private readonly media: Media,
    private readonly credits: CreditsService,
    private readonly provider: OpenAiProvider,
  ) {}

  async generate(user: AuthUser, input: Generate): Promise<ImageItem> {
    const reference = input.referenceImage ? referenceBytes(input.referenceImage) : null;
    const cost = await this.credits.cost(imageCostName(input.size, input.quality));
    const row = await this.tenancy.forCompany(user.companyId, async (em) => {
      const r = em.create(ImageEntity, { companyId: user.companyId, userId: user.id, prompt: input.prompt, model: input.model, quality: input.quality, size: input.size, status: 'pending' });
      await em.flush();
      return r;
    });
    const finish = (patch: Partial<ImageRow>) =>
      this.tenancy.forCompany(user.companyId, async (em) => {
        const r = await em.findOneOrFail(ImageEntity, { companyId: user.companyId, id: row.id });
        em.assign(r, patch);
        await em.flush();
        return r;
      });
    try {
      const url = await this.credits.paid(user.companyId, { operation: 'image_generation', amount: cost, userId: user.id, detail: `image ${row.id}` }, async () => {
        const client = this.provider.client(await this.provider.server(), 120_000);
        const size = input.size as '1024x1024';
        const quality = input.quality as 'auto';
        const answer = reference
          ? await client.images.edit({ model: input.model, prompt: input.prompt, image: await toFile(reference.bytes, `reference.${reference.ext}`, { type: reference.type }), size: size as never, quality })
          : await client.images.generate({ model: input.model, prompt: input.prompt, size, quality, n: 1 });
        const b64 = answer.data?.[0]?.b64_json;
        if (!b64) throw new Error('The image server answered no image.');
        return this.keep(user.companyId, row.id, Buffer.from(b64, 'base64'));
      });
      return toItem(await finish({ status: 'completed', imagePath: url, creditsConsumed: cost }));
    } catch (err) {
      const insufficient = (err as { code?: string }).code === 'ERR_INSUFFICIENT_CREDITS';
      await finish({ status: 'error', errorMessage: insufficient ? 'Créditos insuficientes para generar la imagen' : `Error al generar la imagen: ${(err as Error).message}`.slice(0, 255) });
      if (insufficient) throw err;
      throw new AppError('ERR_AI_IMAGE_FAILED', 502, `Error al generar la imagen: ${(err as Error).message}`);
    }
  }

  async history(user: AuthUser): Promise<ImageItem[]> {
    const rows = await this.tenancy.forCompany(user.companyId, (em) => em.find(ImageEntity, { companyId: user.companyId, userId: user.id }, { orderBy: { id: 'desc' }, limit: 200 }));
    return rows.map(toItem);
  }

  async open(user: AuthUser, id: number) {
    const row = await this.row(user, id);
    if (row.status !== 'completed' || !row.imagePath) throw AppError.notFound('ERR_NO_IMAGE_FOUND');
    return this.media.open(user.companyId, row.imagePath);
  }

  async remove(user: AuthUser, id: number): Promise<{ success: boolean; message: string }> {
    const row = await this.row(user, id);
    await this.tenancy.forCompany(user.companyId, (em) => em.nativeDelete(ImageEntity, { companyId: user.companyId, id: row.id }));
    if (row.imagePath) await this.media.remove(user.companyId, row.imagePath);
    return { success: true, message: 'Imagen eliminada' };
  }

  /** A user's own images only. */
  private async row(user: AuthUser, id: number): Promise<ImageRow> {
    const row = await this.tenancy.forCompany(user.companyId, (em) => em.findOne(ImageEntity, { companyId: user.companyId, userId: user.id, id }));
    if (!row) throw AppError.notFound('ERR_NO_IMAGE_FOUND');
    return row;
  }

  private async keep(companyId: number, id: number, png: Buffer): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'ai-image-'));
    try {
      const path = join(dir, `image-${id}.png`);
      await writeFile(path, png);
      return (await this.media.store(companyId, { path, name: `image-${id}.png`, mimetype: 'image/png' })).url;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

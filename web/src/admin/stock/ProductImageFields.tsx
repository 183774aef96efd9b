import type { ProductDetail } from '@tillbook/contract';
import { Button, Space, Typography, type UploadFile } from 'antd';
import type { ReactNode } from 'react';
import { moved } from './product-upload.ts';

type GalleryImage = ProductDetail['images'][number];

/** The product's current thumbnail on the edit form (a new file replaces it). */
export function CurrentThumbnail({ url, name }: { url: string; name: string }) {
  return (
    <figure aria-label="Current thumbnail" style={{ margin: '0 0 8px' }}>
      <img
        src={url}
        alt={`Current thumbnail of ${name}`}
        width={96}
        height={96}
        style={{ objectFit: 'cover', border: '1px solid #f0f0f0', borderRadius: 6 }}
      />
      <figcaption>
        <Typography.Text type="secondary">Current thumbnail</Typography.Text>
      </figcaption>
    </figure>
  );
}

/** The gallery the product has: each image can move earlier or later, or be removed, before saving. */
export function CurrentGallery({ images, onChange }: { images: GalleryImage[]; onChange: (next: GalleryImage[]) => void }) {
  return (
    <>
      <Typography.Text type="secondary">Current gallery</Typography.Text>
      <Space wrap aria-label="Current gallery" style={{ marginBottom: 16 }}>
        {images.map((image, index) => (
          <Space key={image.id} direction="vertical" size={2} align="center">
            {image.thumbnailUrl && (
              <img src={image.thumbnailUrl} alt={`Gallery ${index + 1}`} width={64} height={64} style={{ objectFit: 'cover' }} />
            )}
            <Space size={2}>
              <Button
                size="small"
                aria-label={`Move image ${index + 1} earlier`}
                disabled={index === 0}
                onClick={() => onChange(moved(images, index, -1))}
              >
                ↑
              </Button>
              <Button
                size="small"
                aria-label={`Move image ${index + 1} later`}
                disabled={index === images.length - 1}
                onClick={() => onChange(moved(images, index, 1))}
              >
                ↓
              </Button>
              <Button
                size="small"
                danger
                aria-label={`Remove image ${index + 1}`}
                onClick={() => onChange(images.filter((i) => i.id !== image.id))}
              >
                ✕
              </Button>
            </Space>
          </Space>
        ))}
      </Space>
    </>
  );
}

/** One new gallery file in the upload list: dragged to a new place, or moved by the ↑/↓ buttons. */
export function GalleryUploadItem({
  node,
  file,
  list,
  onChange,
}: {
  node: ReactNode;
  file: UploadFile;
  list: UploadFile[];
  onChange: (next: UploadFile[]) => void;
}) {
  const index = list.indexOf(file);
  const move = (step: -1 | 1) => onChange(moved(list, index, step));
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dragging is the mouse's shortcut; the ↑/↓ buttons beside each image do the same by keyboard
    <div
      draggable
      onDragStart={(e) => e.dataTransfer.setData('text/plain', String(index))}
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        const from = Number(e.dataTransfer.getData('text/plain'));
        const next = [...list];
        const [item] = next.splice(from, 1);
        next.splice(index, 0, item!);
        onChange(next);
      }}
      style={{ position: 'relative', width: '100%', height: '100%' }}
    >
      {node}
      <Space size={0} style={{ position: 'absolute', bottom: -22, left: 0 }}>
        <Button size="small" type="text" aria-label={`Move ${file.name} up`} disabled={index === 0} onClick={() => move(-1)}>
          ↑
        </Button>
        <Button size="small" type="text" aria-label={`Move ${file.name} down`} disabled={index === list.length - 1} onClick={() => move(1)}>
          ↓
        </Button>
      </Space>
    </div>
  );
}

import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { idSchema } from './common.schema.ts';
import {
  attachmentEndpoints,
  attachmentFilePath,
  attachmentUploadPath,
  type AttachmentEndpoints,
} from './attachment-endpoints.ts';

const receipt = '0190a7e2-3c4d-7e8f-9a0b-1c2d3e4f5a6b';
const file = '0190a7e2-3c4d-7e8f-9a0b-1c2d3e4f5a6c';

describe('attachment endpoints', () => {
  const certificates = attachmentEndpoints(
    'inspection/receipt/:receiptId/certificates',
    z.object({ receiptId: idSchema }),
    {
      read: 'p',
      write: 'p.inspect',
    },
  );

  it('list an owner’s files at its path and delete one below it, reading and writing with their own permissions', () => {
    expect(certificates.list).toMatchObject({
      method: 'GET',
      path: 'inspection/receipt/:receiptId/certificates',
      access: 'p',
    });
    expect(certificates.remove).toMatchObject({
      method: 'DELETE',
      path: 'inspection/receipt/:receiptId/certificates/:fileId',
      status: 204,
      access: 'p.inspect',
    });
    expect(certificates.remove.params.parse({ receiptId: receipt, fileId: file })).toEqual({
      receiptId: receipt,
      fileId: file,
    });
    expect(certificates.remove.params.safeParse({ receiptId: receipt, fileId: 'x' }).success).toBe(false);
  });

  it('give the upload and a file’s bytes at the same paths, the owner’s parameters filled', () => {
    const files: AttachmentEndpoints<{ receiptId: string }> = certificates;
    expect(attachmentUploadPath(files, { receiptId: receipt })).toBe(`inspection/receipt/${receipt}/certificates`);
    expect(attachmentFilePath(files, { receiptId: receipt }, file)).toBe(
      `inspection/receipt/${receipt}/certificates/${file}`,
    );
    expectTypeOf(certificates).not.toExtend<AttachmentEndpoints<{ id: string }>>();
  });
});

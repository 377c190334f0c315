import { describe, expect, it } from 'vitest';
import { MAX_ATTACHMENT_MB } from '@armature/domain';
import { ApiError } from '../../lib/api-client.ts';
import { attachmentError, attachmentRefusal } from './attachment-rules.ts';

describe('attachmentRefusal', () => {
  it('takes PDFs and pictures up to the size limit', () => {
    expect(attachmentRefusal({ name: 'a.pdf', size: 1000, type: 'application/pdf' })).toBeNull();
    expect(attachmentRefusal({ name: 'a.png', size: MAX_ATTACHMENT_MB * 1024 * 1024, type: 'image/png' })).toBeNull();
    expect(attachmentRefusal({ name: 'a.webp', size: 1000, type: 'image/webp' })).toBeNull();
  });

  it('refuses another type by name and a file over the limit', () => {
    expect(attachmentRefusal({ name: 'a.exe', size: 10, type: 'application/octet-stream' })).toEqual({
      key: 'type',
      values: { name: 'a.exe' },
    });
    const size = MAX_ATTACHMENT_MB * 1024 * 1024 + 1;
    expect(attachmentRefusal({ name: 'a.pdf', size, type: 'application/pdf' })).toEqual({
      key: 'tooLarge',
      values: { max: MAX_ATTACHMENT_MB },
    });
  });
});

describe('attachmentError', () => {
  it('reads a 413 as too large whatever its body, and keeps the server message otherwise', () => {
    expect(attachmentError(new ApiError(413, 'internal_error', 'Request body is too large'))).toEqual({
      key: 'tooLarge',
      values: { max: MAX_ATTACHMENT_MB },
    });
    expect(attachmentError(new ApiError(400, 'validation_failed', 'bad type'))).toEqual({
      key: 'server',
      values: { message: 'bad type' },
    });
  });
});

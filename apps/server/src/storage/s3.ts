import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertSafeKey, type Storage } from './storage.ts';

/** Where the S3 driver keeps the `documents` bucket (see STORAGE_URL). */
export interface S3Location {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
}

/**
 * Keeps the bucket in S3 or an S3-compatible service (MinIO, R2, ...). Credentials come from the
 * SDK's default chain: AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (/ AWS_SESSION_TOKEN), profiles or
 * an instance role.
 */
export function openS3Storage(location: S3Location): Storage {
  const client = new S3Client({
    region: location.region,
    endpoint: location.endpoint,
    forcePathStyle: location.forcePathStyle,
    // Many S3-compatible services reject the newer default integrity headers; send them only when required.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = location.bucket;

  return {
    async put(key, body, contentType) {
      assertSafeKey(key);
      // Uploads are small (5 MB at most); a buffer gives S3 the Content-Length it requires.
      const bytes = Buffer.isBuffer(body) ? body : await buffer(body);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }));
    },

    async get(key) {
      assertSafeKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async exists(key) {
      assertSafeKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },

    // An S3 object appears whole or not at all: an interrupted upload leaves nothing behind.
    async removeLeftovers() {
      return 0;
    },
  };
}

function isNotFound(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    failure.name === 'NoSuchKey' || failure.name === 'NotFound' || failure.$metadata?.httpStatusCode === 404
  );
}

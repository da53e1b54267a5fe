import { openLocalDiskStorage } from './local-disk.ts';
import { openS3Storage, type S3Location } from './s3.ts';
import { DOCUMENTS_BUCKET, type Storage } from './storage.ts';

/**
 * Opens the `documents` bucket named by STORAGE_URL: `file:<directory>` keeps it in
 * `<directory>/documents`; `s3://<bucket>?endpoint=&region=&forcePathStyle=` uses that S3 bucket,
 * with credentials from the standard AWS environment variables.
 */
export function openStorage(storageUrl: string): Storage {
  if (storageUrl.startsWith('s3://')) return openS3Storage(parseS3Url(storageUrl));
  if (storageUrl.startsWith('file:'))
    return openLocalDiskStorage(localDirectory(storageUrl), DOCUMENTS_BUCKET);
  throw new Error('STORAGE_URL must start with s3:// or file:');
}

function localDirectory(storageUrl: string): string {
  // Both `file:/abs/dir` (or `file:relative/dir`) and the URL form `file:///abs/dir` are accepted.
  const rest = storageUrl.slice('file:'.length);
  return rest.startsWith('//') ? decodeURIComponent(new URL(storageUrl).pathname) : rest;
}

export function parseS3Url(storageUrl: string): S3Location {
  const url = new URL(storageUrl);
  const bucket = decodeURIComponent(url.hostname);
  if (!bucket) throw new Error('STORAGE_URL must name a bucket, such as s3://my-bucket');
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !URL.canParse(endpoint)) {
    throw new Error('STORAGE_URL endpoint must be an absolute URL such as http://127.0.0.1:9000');
  }
  return {
    bucket,
    endpoint,
    region: url.searchParams.get('region') ?? process.env.AWS_REGION ?? 'us-east-1',
    forcePathStyle: url.searchParams.get('forcePathStyle') === 'true',
  };
}

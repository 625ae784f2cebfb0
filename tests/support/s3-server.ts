// A real S3-compatible server for the media tests: s3rver, on a free port of 127.0.0.1 with its
// own temporary folder, holding one empty bucket. It checks no signatures (any key is accepted):
// credential failures are tested against the SDK's error shapes instead (app/integrations).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The variables that point Plume's media at this server. */
  env: Record<string, string>;
  /** Where s3rver keeps its objects (to break the store on purpose). */
  directory: string;
  stop(): Promise<void>;
}

export async function startS3(bucket = "plume-media"): Promise<TestS3> {
  // The SDK's notice that its 2027 releases need Node 22 (the Docker image has it) is noise here.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const directory = mkdtempSync(path.join(tmpdir(), "plume-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      MEDIA_STORAGE: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

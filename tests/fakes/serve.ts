// Runs the provider fakes as one process for the end-to-end tests (Playwright's webServer), so no
// test reaches the internet. Ports: FAKE_MODEL_PORT (3299, model API at /v1), FAKE_LINKEDIN_PORT
// (3297) and FAKE_X_PORT (3298).
import { startLinkedInFake } from "./linkedin-server";
import { startModelServer } from "./model-server";
import { startXFake } from "./x-server";

const model = await startModelServer({ port: Number(process.env.FAKE_MODEL_PORT ?? 3299) });
const linkedin = await startLinkedInFake({ port: Number(process.env.FAKE_LINKEDIN_PORT ?? 3297), latencyMs: 20 });
const x = await startXFake({ port: Number(process.env.FAKE_X_PORT ?? 3298), latencyMs: 20 });
console.log(`Fakes: model ${model.url}, LinkedIn ${linkedin.url}, X ${x.url}`);

const stop = async () => {
  await Promise.allSettled([model.close(), linkedin.close(), x.close()]);
  process.exit(0);
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);

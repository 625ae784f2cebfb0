// Runs the provider fakes as a process for the end-to-end tests (Playwright's webServer):
// FAKE_MODEL_PORT (default 3299) serves the model API at http://127.0.0.1:PORT/v1.
import { startModelServer } from "./model-server";

const port = Number(process.env.FAKE_MODEL_PORT ?? 3299);
const model = await startModelServer({ port });
console.log(`Fake model API at ${model.url}`);

const stop = async () => {
  await model.close();
  process.exit(0);
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);

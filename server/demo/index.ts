// `npm run demo` (docs/decisions/0062-demo-mode.md): the provider fakes the tests use, mounted in the
// app's own server under /demo-networks/, and the demo inbox. Built as build/server/demo.js and
// loaded only when DEMO_MODE is set, so `npm start` never runs any of it.
import type { Express } from "express";
import type { Env } from "../../app/core/env/env.server";
import { startLinkedInFake } from "../fakes/linkedin-server";
import { startModelServer } from "../fakes/model-server";
import { startXFake } from "../fakes/x-server";
import { demoInbox } from "./inbox";

export const DEMO_NETWORKS_PATH = "/demo-networks";
export const DEMO_INBOX_PATH = "/demo/inbox";

/** Mounts the simulated networks and the inbox on `app`; call before any other middleware. */
export async function mountDemo(app: Express, env: Env): Promise<void> {
  const base = `${env.APP_URL}${DEMO_NETWORKS_PATH}`;
  const linkedin = await startLinkedInFake({
    mountAt: `${base}/linkedin`,
    clientId: env.LINKEDIN_CLIENT_ID,
    clientSecret: env.LINKEDIN_CLIENT_SECRET,
  });
  linkedin.signIn(linkedin.createUser({ givenName: "Demo", familyName: "member", email: "demo.member@example.com" }).sub);
  const x = await startXFake({ mountAt: `${base}/x`, clientId: env.X_CLIENT_ID, clientSecret: env.X_CLIENT_SECRET });
  x.signIn(x.createUser({ name: "Demo member", username: "plume_demo" }).id);
  const model = await startModelServer({ mountAt: `${base}/model` });

  app.use(`${DEMO_NETWORKS_PATH}/linkedin`, linkedin.handle);
  app.use(`${DEMO_NETWORKS_PATH}/x`, x.handle);
  app.use(`${DEMO_NETWORKS_PATH}/model`, model.handle);
  app.get(DEMO_INBOX_PATH, demoInbox(env.DATA_DIR));
}

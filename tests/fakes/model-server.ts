// Moved to server/fakes/ (the demo serves the same fakes, docs/decisions/0062-demo-mode.md): the tests keep importing from here.
export * from "../../server/fakes/model-server";

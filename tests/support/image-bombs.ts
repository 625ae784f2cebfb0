// Moved to server/fakes/ (the fakes use it): the tests keep importing from here.
export * from "../../server/fakes/image-bombs";

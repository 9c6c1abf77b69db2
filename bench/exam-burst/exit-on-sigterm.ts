// Preloaded into the server only with --cpu-prof: Node writes the CPU profile on a normal
// exit, and a SIGTERM would otherwise end the process without one.
process.on("SIGTERM", () => process.exit(0));

// Served by `cargo xtask serve`: reload the page when the site has been rebuilt.
let seen = null;
async function poll() {
  try {
    const version = await (await fetch("/__dev/version", { cache: "no-store" })).text();
    if (seen === null) {
      seen = version;
    } else if (version !== seen) {
      location.reload();
      return;
    }
  } catch (_) {
    // The server is restarting or stopped: keep polling.
  }
  setTimeout(poll, 500);
}
poll();

// The one script every page loads: the copy buttons of install commands, and the search box's
// loader (below).
//
// Copy buttons for install commands. Without JavaScript the buttons stay invisible (their
// space is kept, so showing them moves nothing) and the
// command remains selectable text.
for (const button of document.querySelectorAll('button[data-copy]')) {
  const code = button.parentElement.querySelector('code');
  if (!code || !navigator.clipboard) continue;
  button.removeAttribute('data-pending');
  button.setAttribute('aria-label', 'Copy the command');
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(code.textContent);
      button.textContent = 'Copied';
    } catch {
      button.textContent = 'Select and copy';
    }
    setTimeout(() => { button.textContent = 'Copy'; }, 2000);
  });
}

// The search box: made visible now that scripts run (its place was kept, so nothing moves).
// Its script, and through it the index, are fetched on its first focus; `/` or Ctrl+K (⌘K)
// focuses it from anywhere but a text field.
const search = document.querySelector('search.site-search');
if (search) {
  const input = search.querySelector('input');
  let started = false;
  input.addEventListener('focus', () => {
    if (!started) {
      started = true;
      import(search.dataset.script);
    }
  });
  document.addEventListener('keydown', (e) => {
    const typing = e.target instanceof Element
      && e.target.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])');
    const slash = e.key === '/' && !typing && !e.ctrlKey && !e.metaKey && !e.altKey;
    const k = (e.key === 'k' || e.key === 'K') && (e.ctrlKey || e.metaKey) && !e.altKey;
    if (slash || k) {
      e.preventDefault();
      input.focus();
    }
  });
  search.dataset.ready = '';
}

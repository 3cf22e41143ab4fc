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

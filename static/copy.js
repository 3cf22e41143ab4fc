// Copy buttons for install commands. Without JavaScript the buttons stay hidden and the
// command remains selectable text.
for (const button of document.querySelectorAll('button[data-copy]')) {
  const code = button.parentElement.querySelector('code');
  if (!code || !navigator.clipboard) continue;
  button.hidden = false;
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

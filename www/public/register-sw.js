// Registers the offline cache (sw.js) and, when a new version has been
// installed behind the running one, offers to reload into it. Embedded
// boards (embed.html) never offer it: they take the new version quietly
// on a later load, once no page uses the old one.
(() => {
  if (!('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return;
  // Reload when the player asked for the new version here, or when
  // another tab took it: the new version deletes the old cache, so this
  // page could no longer fetch its own build's files (its game is saved).
  // The first install also changes the controller: no reload then, but
  // the page is controlled from then on (a tab of the first visit must
  // follow a later update like any other).
  let asked = false;
  let controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!asked && !controlled) {
      controlled = true;
      return;
    }
    asked = false;
    location.reload();
  });
  function offer(worker) {
    const bar = document.getElementById('update');
    if (!bar || document.body.hasAttribute('data-embed')) return;
    // The bar is a row of the header: the page fits the board to the
    // header's height on a resize.
    bar.hidden = false;
    dispatchEvent(new Event('resize'));
    // Put aside for this visit: the offer comes back on the next load.
    // Focus goes to the board, not the hidden button.
    document.getElementById('update-later').onclick = () => {
      bar.hidden = true;
      dispatchEvent(new Event('resize'));
      document.querySelector('#grid [tabindex="0"]')?.focus();
    };
    document.getElementById('update-reload').onclick = () => {
      // Another tab may have switched to the new version already: then
      // there is nothing to wait for.
      if (worker.state !== 'installed') {
        location.reload();
        return;
      }
      asked = true;
      worker.postMessage('skip-waiting');
    };
  }
  navigator.serviceWorker.register('./sw.js').then((registration) => {
    document.documentElement.dataset.offline = 'registering';
    if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const worker = registration.installing;
      worker?.addEventListener('statechange', () => {
        if (worker.state === 'installed' && navigator.serviceWorker.controller) offer(worker);
      });
    });
    return navigator.serviceWorker.ready;
  }).then(() => {
    document.documentElement.dataset.offline = 'ready';
  }).catch((error) => {
    console.warn('offline cache not available:', error);
  });
})();

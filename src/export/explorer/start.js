// ---- The first view, once every part above has its names.
resetView();
step.state = fresh();
header();
document.body.dataset.mode = mode;
firstView();
// An exercise's page opens as its worksheet.
if (H.opening === 'practice') setMode('practice');
document.body.dataset.readyMs = String(Math.round(performance.now()));
document.body.dataset.ready = 'true';

/**
 * Emails that try to run a script or reach a server: the isolation tests of every engine
 * (test/render) draw them and check that nothing happened.
 */

/** Paints the page red if any of its scripts runs. */
export const SCRIPTED_EMAIL = `<html><body><div id="t" style="height:200px">safe</div>
  <script>document.body.style.background = '#ff0000'; document.getElementById('t').style.background = '#ff0000';</script>
  <img src="x" onerror="document.body.style.background='#ff0000'"></body></html>`;

/** Names `base` in every way an email can make a client load something. */
export const reachingEmail = (
  base: string,
) => `<html><head><link rel="stylesheet" href="${base}/style.css">
  <style>@import url(${base}/import.css); .bg { background: url(${base}/red.png) }</style></head>
  <body class="bg"><img src="${base}/red.png"><iframe src="${base}/frame"></iframe>
  <img src="https://127.0.0.1:${new URL(base).port}/tls.png">
  <video poster="${base}/poster.png"></video><object data="${base}/obj"></object>
  <meta http-equiv="refresh" content="0; url=${base}/away">
  <table background="${base}/red.png"><tr><td>x</td></tr></table></body></html>`;

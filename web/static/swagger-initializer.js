// The API's UI at /swagger/index.html, on this server's own OpenAPI
// document. A file of its own, not an inline script, so the page keeps the
// server's Content-Security-Policy (no inline script runs).
window.onload = () => {
  window.ui = SwaggerUIBundle({
    url: '/swagger/doc.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: 'StandaloneLayout',
  });
};

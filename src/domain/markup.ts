// Escaping text for XML and HTML (KML export, the printable report): the five
// characters that could end a text node or an attribute.
export const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

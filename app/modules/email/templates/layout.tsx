/**
 * The one layout every transactional email shares, and the structure a
 * template fills in. A template describes its content once (`EmailContent`);
 * the HTML body (a React component, inline styles for mail clients) and the
 * plain-text body are both rendered from that description, so they never
 * drift apart.
 */
import type { CSSProperties, ReactElement } from "react";

/** Who the email comes from: the product name and the contact address. */
export interface Brand {
  productName: string;
  infoEmail: string;
}

/** A run of text inside a paragraph; `strong` is emphasised in HTML. */
export type Inline = string | { strong: string };
export type Paragraph = Inline | Inline[];

/** What a template says. Both bodies are rendered from this. */
export interface EmailContent {
  /** The inbox preview line (hidden in the body). */
  preview: string;
  heading: string;
  /** Paragraphs before the call to action. */
  intro: Paragraph[];
  /** The call to action: one clear link. */
  action: { label: string; url: string };
  /** Paragraphs after the call to action (e.g. "didn't ask for this?"). */
  outro: Paragraph[];
  /**
   * Rich content between the intro and the call to action (a post's body): HTML made by the one
   * markdown renderer, whose allow-list has already removed anything active; with its text form.
   */
  rich?: { html: string; text: string };
  /** Bulk mail: the visible unsubscribe link (RFC 8058's header carries the same URL) and the open image. */
  list?: { unsubscribeUrl: string; unsubscribeLabel: string; openImageUrl?: string };
}

export interface TemplateProps<P> {
  payload: P;
  brand: Brand;
}

/** A template: subject, HTML component and text body, all from one content definition. */
export interface EmailTemplate<P> {
  subject(payload: P, brand: Brand): string;
  content(payload: P, brand: Brand): EmailContent;
  Html(props: TemplateProps<P>): ReactElement;
  text(payload: P, brand: Brand): string;
}

export function defineTemplate<P>(name: string, definition: Pick<EmailTemplate<P>, "subject" | "content">): EmailTemplate<P> {
  function Html({ payload, brand }: TemplateProps<P>) {
    return <EmailLayout brand={brand} subject={definition.subject(payload, brand)} content={definition.content(payload, brand)} />;
  }
  Html.displayName = `EmailTemplate(${name})`;
  return {
    ...definition,
    Html,
    text: (payload, brand) => renderText(definition.content(payload, brand), brand),
  };
}

// ---- HTML ----------------------------------------------------------------------

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const INK = "#18181b";
const MUTED = "#52525b";
const BRAND = "#12664c";

const styles = {
  body: { margin: 0, padding: 0, backgroundColor: "#f4f4f5", fontFamily: FONT, color: INK },
  preview: { display: "none", maxHeight: 0, maxWidth: 0, overflow: "hidden", opacity: 0, fontSize: 1, lineHeight: 1 },
  outer: { width: "100%", backgroundColor: "#f4f4f5" },
  card: { width: "100%", maxWidth: 560, backgroundColor: "#ffffff", borderRadius: 12, border: "1px solid #e4e4e7" },
  cardCell: { padding: "32px 32px 24px" },
  product: { margin: "0 0 24px", fontSize: 16, fontWeight: 700, color: BRAND },
  heading: { margin: "0 0 16px", fontSize: 22, lineHeight: "30px", fontWeight: 700, color: INK },
  paragraph: { margin: "0 0 16px", fontSize: 16, lineHeight: "24px", color: INK },
  actionWrap: { margin: "24px 0" },
  button: {
    display: "inline-block",
    backgroundColor: BRAND,
    color: "#ffffff",
    fontSize: 16,
    fontWeight: 600,
    lineHeight: "24px",
    textDecoration: "none",
    padding: "12px 24px",
    borderRadius: 9999,
  },
  small: { margin: "0 0 16px", fontSize: 14, lineHeight: "20px", color: MUTED },
  rawLink: { color: BRAND, wordBreak: "break-all" },
  rich: { margin: "0 0 16px", fontSize: 16, lineHeight: "24px", color: INK },
  footer: { margin: 0, padding: "16px 32px 0", fontSize: 13, lineHeight: "20px", color: MUTED, textAlign: "center" },
  footerLink: { color: MUTED },
} satisfies Record<string, CSSProperties>;

function InlineRuns({ paragraph }: { paragraph: Paragraph }) {
  const runs = Array.isArray(paragraph) ? paragraph : [paragraph];
  return runs.map((run, i) => (typeof run === "string" ? run : <strong key={i}>{run.strong}</strong>));
}

/** The full HTML document of one email. */
export function EmailLayout({ brand, subject, content }: { brand: Brand; subject: string; content: EmailContent }) {
  const { action } = content;
  return (
    <html lang="en" dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{subject}</title>
      </head>
      <body style={styles.body}>
        <div style={styles.preview}>{content.preview}</div>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={styles.outer}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: "32px 16px" }}>
                <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={styles.card}>
                  <tbody>
                    <tr>
                      <td style={styles.cardCell}>
                        <p style={styles.product}>{brand.productName}</p>
                        <h1 style={styles.heading}>{content.heading}</h1>
                        {content.intro.map((p, i) => (
                          <p key={i} style={styles.paragraph}>
                            <InlineRuns paragraph={p} />
                          </p>
                        ))}
                        {content.rich ? <div style={styles.rich} dangerouslySetInnerHTML={{ __html: content.rich.html }} /> : null}
                        <p style={styles.actionWrap}>
                          <a href={action.url} style={styles.button}>
                            {action.label}
                          </a>
                        </p>
                        <p style={styles.small}>
                          If the button does not work, copy this link into your browser:
                          <br />
                          <a href={action.url} style={styles.rawLink}>
                            {action.url}
                          </a>
                        </p>
                        {content.outro.map((p, i) => (
                          <p key={i} style={styles.small}>
                            <InlineRuns paragraph={p} />
                          </p>
                        ))}
                      </td>
                    </tr>
                  </tbody>
                </table>
                <p style={styles.footer}>
                  {brand.productName} · Questions? Write to{" "}
                  <a href={`mailto:${brand.infoEmail}`} style={styles.footerLink}>
                    {brand.infoEmail}
                  </a>
                </p>
                {content.list ? (
                  <p style={styles.footer}>
                    <a href={content.list.unsubscribeUrl} style={styles.footerLink}>
                      {content.list.unsubscribeLabel}
                    </a>
                    {content.list.openImageUrl ? (
                      <img src={content.list.openImageUrl} width={1} height={1} alt="" style={{ display: "block", border: 0 }} />
                    ) : null}
                  </p>
                ) : null}
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

// ---- text ----------------------------------------------------------------------

function plain(paragraph: Paragraph): string {
  const runs = Array.isArray(paragraph) ? paragraph : [paragraph];
  return runs.map((run) => (typeof run === "string" ? run : run.strong)).join("");
}

/** The plain-text body: the same content, the link spelled out. */
export function renderText(content: EmailContent, brand: Brand): string {
  const blocks = [
    content.heading,
    ...content.intro.map(plain),
    ...(content.rich ? [content.rich.text.trim()] : []),
    `${content.action.label}:\n${content.action.url}`,
    ...content.outro.map(plain),
    `--\n${brand.productName} · Questions? Write to ${brand.infoEmail}`,
    ...(content.list ? [`${content.list.unsubscribeLabel}: ${content.list.unsubscribeUrl}`] : []),
  ];
  return blocks.join("\n\n") + "\n";
}

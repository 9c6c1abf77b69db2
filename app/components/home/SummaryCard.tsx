import type { ReactNode } from "react";
import { Link } from "react-router";

export interface CardLink {
  to: string;
  label: string;
}

/** One number of the dashboard: a heading, the number as text, and where to act on it. */
export function SummaryCard({ id, title, value, links = [], children }: { id: string; title: string; value?: number; links?: CardLink[]; children?: ReactNode }) {
  return (
    <section className="account-card home-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-card__title">
        {title}
      </h2>
      {value !== undefined && (
        <p className="home-card__value" data-testid={`${id}-value`}>
          {value}
        </p>
      )}
      {children}
      {links.length > 0 && (
        <ul className="home-card__links">
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

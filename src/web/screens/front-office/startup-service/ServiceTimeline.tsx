// The four phases of the service as a numbered timeline (an ordered list: the order is the content).
import type { TimelineStep } from './content.ts';

export function ServiceTimeline({ steps, label }: { steps: readonly TimelineStep[]; label: string }) {
  return (
    <ol className="app-timeline" aria-label={label}>
      {steps.map((step, index) => (
        <li key={step.title} className="app-timeline-step">
          <span className="app-timeline-number" aria-hidden="true">
            {index + 1}
          </span>
          <div className="app-timeline-text">
            <h3 className="h5 app-timeline-title">{step.title}</h3>
            <p className="mb-0">{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

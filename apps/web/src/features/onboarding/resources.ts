/**
 * What the Resources step (step 9) links to. The spec leaves the exact titles and links open, so they
 * live here, in one place, to be changed without touching the screen.
 */
export interface ResourceLink {
  title: string;
  description: string;
  url: string;
}

export interface OnboardingResources {
  cancellationGuide: ResourceLink;
  productVideos: readonly ResourceLink[];
  featuredReports: readonly ResourceLink[];
  socialLinks: readonly ResourceLink[];
  website: ResourceLink;
}

export const onboardingResources: OnboardingResources = {
  cancellationGuide: {
    title: 'How to cancel or pause your plan yourself',
    description:
      'A two-minute walk-through of the members portal: pause, resume or cancel without waiting for us.',
    url: 'https://www.youtube.com/watch?v=self-service-cancel',
  },
  productVideos: [
    {
      title: 'How your application analyst works',
      description: 'What happens each day between your tracker and the applications we submit.',
      url: 'https://www.youtube.com/watch?v=analyst-workflow',
    },
    {
      title: 'Reading your job tracker',
      description: 'Statuses, notes and how to reject a job so we learn what you want.',
      url: 'https://www.youtube.com/watch?v=job-tracker-tour',
    },
    {
      title: 'Getting the most out of job preferences',
      description: 'How titles, keywords and exclusions shape the jobs we find for you.',
      url: 'https://www.youtube.com/watch?v=job-preferences',
    },
    {
      title: 'Working with your team on WhatsApp',
      description: 'Who to message for what, and how quickly to expect an answer.',
      url: 'https://www.youtube.com/watch?v=team-on-whatsapp',
    },
  ],
  featuredReports: [
    {
      title: 'The State of Job Search Volume',
      description: 'How many applications it takes to land interviews, by seniority and field.',
      url: 'https://example.com/reports/job-search-volume',
    },
    {
      title: 'What Recruiters Screen For First',
      description: 'The résumé and profile signals that decide the first six seconds.',
      url: 'https://example.com/reports/recruiter-screening',
    },
  ],
  socialLinks: [
    {
      title: 'Company on LinkedIn',
      description: 'Job-search tips and product news.',
      url: 'https://www.linkedin.com/company/example',
    },
    {
      title: 'Founder on LinkedIn',
      description: 'Notes from our founder on hiring and job search.',
      url: 'https://www.linkedin.com/in/example-founder',
    },
    {
      title: 'Company on YouTube',
      description: 'Every walk-through video in one place.',
      url: 'https://www.youtube.com/@example',
    },
  ],
  website: {
    title: 'Our website',
    description: 'Plans, answers to common questions and the members portal.',
    url: 'https://example.com',
  },
};

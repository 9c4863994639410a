/**
 * The /portfolio page's content. SAMPLE CONTENT: every name, address and link below is a
 * placeholder that ships with the store. Replace it with the real developer's details; the
 * page layout reads everything from this file.
 */
export const portfolio = {
  isSample: true,
  name: 'Alex Morgan',
  role: 'Full-stack web developer',
  summary:
    'I build fast, accessible web shops and the APIs behind them: from the first sketch to a store that runs in production. This storefront is one of them.',
  contact: {
    email: 'alex.morgan@example.com',
    phone: '+1 (555) 014-7788',
    location: 'Sheffield, United Kingdom',
    website: 'https://example.com',
    github: 'https://github.com/example',
    linkedin: 'https://www.linkedin.com/in/example',
  },
  education: [
    {
      degree: 'BSc in Computer Science and Engineering',
      school: 'Example University of Technology',
      years: '2016 to 2020',
      detail: 'Final project: an offline-first inventory app for small workshops.',
    },
    {
      degree: 'Higher Secondary Certificate, Science',
      school: 'Example City College',
      years: '2013 to 2015',
      detail: 'Mathematics, physics and computing.',
    },
  ],
  expertise: [
    { area: 'Front end', skills: ['React', 'TypeScript', 'Tailwind CSS', 'TanStack Query', 'Accessibility'] },
    { area: 'Back end', skills: ['Node.js', 'Fastify', 'REST API design', 'Authentication', 'Payments (Stripe)'] },
    { area: 'Data', skills: ['PostgreSQL', 'SQLite', 'Kysely', 'Schema design', 'Migrations'] },
    { area: 'Quality and delivery', skills: ['Vitest', 'Playwright', 'CI pipelines', 'Performance budgets'] },
  ],
  projects: [
    {
      name: 'Workshop Rental Desk',
      url: 'https://example.com/rental-desk',
      description: 'Booking and deposit handling for a tool-rental shop, with a calendar of reserved tools.',
      stack: ['React', 'Node.js', 'PostgreSQL'],
    },
    {
      name: 'Hardware Store Catalog',
      url: 'https://example.com/hardware-catalog',
      description: 'A searchable catalog of 20,000 products with fast filters and printable price lists.',
      stack: ['TypeScript', 'Fastify', 'SQLite'],
    },
    {
      name: 'Site Safety Checklists',
      url: 'https://example.com/safety-checklists',
      description: 'A phone-first app that lets site managers sign off daily equipment checks, even offline.',
      stack: ['React', 'Service workers', 'IndexedDB'],
    },
  ],
};

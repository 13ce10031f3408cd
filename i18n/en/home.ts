/** The public home page's marketing texts. */
export const home = {
  nav: {
    login: 'Login',
    requestDemo: 'Request Demo',
    language: 'Language',
    mainNavigation: 'Main navigation',
  },
  hero: {
    title: 'Put your repetitive work on autopilot',
    subtitle:
      'Build software bots, run them on your own agents, schedule them and watch every process live from one control room.',
    requestDemo: 'Request a demo',
    signIn: 'Sign in to your control room',
  },
  benefits: {
    title: 'Why teams choose our control room',
    speed: { title: 'Faster processes', text: 'Bots work around the clock and finish in minutes what took hours.' },
    accuracy: { title: 'Fewer errors', text: 'Every run follows the same steps, with a full log of what happened.' },
    scale: { title: 'Scales with you', text: 'Add agents and bots as your workload grows, across all your companies.' },
    control: { title: 'Full control', text: 'Roles, groups and live notifications keep every team in the loop.' },
  },
  useCases: {
    title: 'Use cases',
    label: 'Use cases by department',
    finance: {
      label: 'Finance',
      title: 'Invoices and reconciliations',
      text: 'Read incoming invoices, enter them in your ERP and reconcile statements every night.',
    },
    hr: {
      label: 'Human resources',
      title: 'Onboarding without paperwork',
      text: 'Create accounts, send welcome mails and file documents as soon as a hire is confirmed.',
    },
    it: {
      label: 'IT operations',
      title: 'Routine checks on schedule',
      text: 'Reset passwords, collect reports and check systems on a minutely, daily or monthly plan.',
    },
    operations: {
      label: 'Operations',
      title: 'Orders from inbox to system',
      text: 'When a mail matches your criteria, the right bot runs and replies with the result.',
    },
  },
  testimonials: {
    title: 'What our customers say',
    first: {
      quote: 'Our month-end closing went from five days to one.',
      author: 'Priya Sharma',
      role: 'Finance Controller',
    },
    second: {
      quote: 'We schedule two hundred bots and sleep well: the control room tells us when anything fails.',
      author: 'Marc Dubois',
      role: 'Head of IT',
    },
    third: {
      quote: 'Setting up a new agent took ten minutes, registration token included.',
      author: 'Laura Chen',
      role: 'Automation Lead',
    },
  },
  footer: {
    copyright: '© %{year} %{companyName}',
    contact: 'Contact',
    chat: 'Chat',
    email: 'E-mail',
    follow: 'Follow us',
  },
};

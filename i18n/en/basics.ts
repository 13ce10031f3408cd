/** The texts every page may show, the public home page included (it carries only these and its own). */
export const basics = {
  app: {
    name: 'RPA Control Room',
    loading: 'Loading',
    version: 'Version %{version}',
  },
  common: {
    submit: 'Submit',
    cancel: 'Cancel',
    close: 'Close',
    save: 'Save',
    copy: 'Copy',
  },
};

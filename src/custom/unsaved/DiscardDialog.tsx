import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useT } from '../i18n/useT';

export const DiscardDialog = ({
  open,
  onCancel,
  onDiscard,
}: {
  open: boolean;
  onCancel: () => void;
  onDiscard: () => void;
}) => {
  const t = useT();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="discard-title" aria-describedby="discard-text">
      <DialogTitle id="discard-title">{t('rpa.unsaved.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="discard-text">{t('rpa.unsaved.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          {t('rpa.unsaved.cancel')}
        </Button>
        <Button onClick={onDiscard} color="error" variant="contained">
          {t('rpa.unsaved.discard')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

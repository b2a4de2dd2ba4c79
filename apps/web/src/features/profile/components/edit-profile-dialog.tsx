import { AVATAR_MAX_BYTES, AVATAR_TYPES, BIO_MAX, NAME_MAX } from '@paddock/contract/limits';
import type { CurrentUser } from '@paddock/contract/users';
import { normalizeParagraphs } from '@paddock/contract/common';
import { ImageUpIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useId, useState, type ChangeEvent, type ReactElement } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast.ts';
import { FormAlert } from '@/components/form-alert.tsx';
import { SwitchField } from '@/components/switch-field.tsx';
import { TextField } from '@/components/text-field.tsx';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog.tsx';
import { Field, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { toFormErrors } from '@/lib/api-errors.ts';
import { messagesOf, setServerErrors } from '@/lib/form-errors.ts';
import { useLazyZodResolver } from '@/lib/lazy-zod-resolver.ts';
import { cn } from '@/lib/utils.ts';
import { useUpdateMe } from '../api/update-me.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';
import { DialogFormFooter } from '@/components/dialog-form-footer.tsx';

/** The picture is not part of the JSON body: the upload and the removal carry their own errors. */
const PICTURE_FIELDS = ['avatar', 'profile_picture'];

export function avatarProblem(file: File): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'Choose a PNG, JPEG or WebP image.';
  if (file.size > AVATAR_MAX_BYTES) return `The image must be ${AVATAR_MAX_BYTES / 1024 / 1024} MB or smaller.`;
  return null;
}

/** The Edit profile dialog, loaded on first use (edit-profile-button.tsx): open as soon as it is loaded. */
export function EditProfileDialog({ user, trigger }: { user: CurrentUser; trigger: ReactElement }) {
  const [open, setOpen] = useState(true);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit profile</DialogTitle>
          <DialogDescription>Your name, bio and picture are shown on your profile and your reviews.</DialogDescription>
        </DialogHeader>
        <EditProfileForm user={user} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

/** Mounted only while the dialog is open, so every opening starts from the saved profile. */
function EditProfileForm({ user, onDone }: { user: CurrentUser; onDone: () => void }) {
  const id = useId();
  const updateMe = useUpdateMe();
  const uploadAvatar = useUploadAvatar();
  const form = useForm({
    resolver: useLazyZodResolver(() => import('@paddock/contract/users').then((m) => m.updateMeBodySchema)),
    defaultValues: { name: user.name, bio: user.bio, is_private: user.is_private },
    criteriaMode: 'all',
  });
  const { errors, isSubmitting } = form.formState;
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [removeAvatar, setRemoveAvatar] = useState(false);
  const [pictureErrors, setPictureErrors] = useState<string[]>([]);
  const saving = isSubmitting || updateMe.isPending || uploadAvatar.isPending;
  const name = useWatch({ control: form.control, name: 'name' }) ?? '';
  // The limit counts the bio as it will be stored (spaces collapsed, blank lines merged).
  const bioLength = normalizeParagraphs(useWatch({ control: form.control, name: 'bio' }) ?? '').length;

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const shownPicture = preview ?? (removeAvatar ? null : user.profile_picture);

  function onFileChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    const problem = avatarProblem(chosen);
    if (problem) {
      setPictureErrors([problem]);
      return;
    }
    setPictureErrors([]);
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
    setRemoveAvatar(false);
  }

  function onRemove() {
    setFile(null);
    setPreview(null);
    setRemoveAvatar(true);
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setPictureErrors([]);
    const body = removeAvatar && !file && user.profile_picture ? { ...values, profile_picture: null } : values;
    try {
      if (file) await uploadAvatar.mutateAsync(file);
      await updateMe.mutateAsync(body);
      toast.success('Profile updated');
      onDone();
    } catch (error) {
      setPictureErrors(PICTURE_FIELDS.flatMap((field) => toFormErrors(error).fields[field] ?? []));
      setServerErrors(form.setError, error, ['name', 'bio', 'is_private'], PICTURE_FIELDS);
    }
  });

  const bioErrors = messagesOf(errors.bio);
  const bioErrorId = `${id}-bio-error`;
  const bioCountId = `${id}-bio-count`;

  return (
    <form className="grid gap-5" onSubmit={(event) => void onSubmit(event)} noValidate>
      <FormAlert messages={messagesOf(errors.root?.server)} />

      <Field>
        <FieldLabel htmlFor={`${id}-avatar`}>Profile picture</FieldLabel>
        <div className="flex flex-wrap items-center gap-4">
          <UserAvatar user={{ ...user, name, profile_picture: shownPicture }} className="size-16 text-xl" />
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <label className="cursor-pointer focus-within:ring-[3px] focus-within:ring-ring/50">
                <ImageUpIcon aria-hidden />
                Upload photo
                <input
                  id={`${id}-avatar`}
                  type="file"
                  accept={AVATAR_TYPES.join(',')}
                  className="sr-only"
                  aria-describedby={pictureErrors.length ? `${id}-avatar-error` : `${id}-avatar-hint`}
                  aria-invalid={pictureErrors.length > 0 || undefined}
                  onChange={onFileChange}
                />
              </label>
            </Button>
            {shownPicture && (
              <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
                <Trash2Icon aria-hidden />
                Remove
              </Button>
            )}
          </div>
        </div>
        <FieldDescription id={`${id}-avatar-hint`}>PNG, JPEG or WebP, up to 2 MB.</FieldDescription>
        <FieldError id={`${id}-avatar-error`} messages={pictureErrors} />
      </Field>

      <TextField
        label="Name"
        autoComplete="name"
        maxLength={NAME_MAX}
        errors={messagesOf(errors.name)}
        {...form.register('name')}
      />

      <Field>
        <div className="flex items-center justify-between">
          <FieldLabel htmlFor={`${id}-bio`}>Bio</FieldLabel>
          <span
            id={bioCountId}
            className={cn('text-xs text-muted-foreground tabular-nums', bioLength > BIO_MAX && 'text-destructive')}
          >
            {bioLength}/{BIO_MAX}
          </span>
        </div>
        <Textarea
          id={`${id}-bio`}
          rows={4}
          aria-describedby={[bioCountId, bioErrors.length ? bioErrorId : null].filter(Boolean).join(' ')}
          aria-invalid={bioErrors.length > 0 || undefined}
          placeholder="Favourite driver, best race you have seen…"
          {...form.register('bio')}
        />
        <FieldError id={bioErrorId} messages={bioErrors} />
      </Field>

      <SwitchField
        control={form.control}
        name="is_private"
        id={`${id}-private`}
        label="Private account"
        hint="Only followers you approve see your reviews, race thoughts and stats."
        errors={messagesOf(errors.is_private)}
      />

      <DialogFormFooter label="Save changes" busyLabel="Saving…" busy={saving} />
    </form>
  );
}

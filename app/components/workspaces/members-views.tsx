import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { LogOut, MailPlus, UserMinus, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useZodForm } from "~/components/forms/use-zod-form";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ErrorList, Field, FormErrors } from "~/components/ui/field";
import { Label } from "~/components/ui/label";
import { StatusButton } from "~/components/ui/status-button";
import { resultFor, type FormReply } from "~/modules/forms/reply";
import { MEMBER_ROLES } from "~/modules/workspace-members/schemas";
import { inviteSchema } from "~/modules/workspace-members/schemas";
import { can, type WorkspaceRole } from "~/modules/workspaces/roles";
import { useFormatDate } from "~/utils/use-format-date";
import { RoleBadge } from "./workspace-views";

export interface MemberItem {
  userId: string;
  email: string;
  role: WorkspaceRole;
  joinedAt: string;
}

export interface InvitationItem {
  id: string;
  email: string;
  role: WorkspaceRole;
  expiresAt: string;
}

const SELECT = "h-8 rounded-md border border-input bg-background px-2 text-sm";

/** The roles `actor` may give: an admin gives editor and below, the owner admin too. */
const rolesGivenBy = (actor: WorkspaceRole) => MEMBER_ROLES.filter((role) => role !== "admin" || actor === "owner");

/** Who is in the workspace; its admins change roles and remove members, anyone but the owner leaves. */
export function MembersCard({ members, me, myRole }: { members: MemberItem[]; me: string; myRole: WorkspaceRole }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const manages = can(myRole, "manage");
  return (
    <Card role="region" aria-labelledby="members-title">
      <CardHeader>
        <CardTitle id="members-title">{t("workspaces.members.title")}</CardTitle>
        <CardDescription>{t("workspaces.members.intro")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y">
          {members.map((member) => {
            const mine = member.userId === me;
            // The owner stays; admins are the owner's to change.
            const changeable = manages && !mine && member.role !== "owner" && (member.role !== "admin" || myRole === "owner");
            return (
              <li key={member.userId} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center" data-testid="member">
                <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="min-w-0 font-medium wrap-anywhere">{member.email}</span>
                    <RoleBadge role={member.role} />
                    {mine ? <span className="text-xs text-muted-foreground">{t("workspaces.members.you")}</span> : null}
                  </span>
                  <span className="text-xs text-muted-foreground">{t("workspaces.members.joined", { date: formatDate(member.joinedAt, "date") })}</span>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  {changeable ? (
                    <>
                      <Form method="post" className="flex items-center gap-2">
                        <input type="hidden" name="userId" value={member.userId} />
                        <label className="sr-only" htmlFor={`role-${member.userId}`}>
                          {t("workspaces.members.roleOf", { email: member.email })}
                        </label>
                        <select id={`role-${member.userId}`} name="role" defaultValue={member.role} className={SELECT}>
                          {rolesGivenBy(myRole).map((role) => (
                            <option key={role} value={role}>
                              {t(`workspaces.roles.${role}`)}
                            </option>
                          ))}
                        </select>
                        <StatusButton
                          name="intent"
                          value="changeRole"
                          variant="outline"
                          size="sm"
                          aria-label={t("workspaces.members.changeRoleOf", { email: member.email })}
                        >
                          {t("workspaces.members.changeRole")}
                        </StatusButton>
                      </Form>
                      <Form method="post">
                        <input type="hidden" name="userId" value={member.userId} />
                        <StatusButton
                          name="intent"
                          value="remove"
                          variant="ghost"
                          size="sm"
                          className="text-error hover:bg-error/10"
                          aria-label={t("workspaces.members.removeOf", { email: member.email })}
                        >
                          <UserMinus aria-hidden />
                          {t("workspaces.members.remove")}
                        </StatusButton>
                      </Form>
                    </>
                  ) : null}
                  {mine && member.role !== "owner" ? (
                    <Form method="post">
                      <input type="hidden" name="userId" value={member.userId} />
                      <StatusButton name="intent" value="leave" variant="outline" size="sm">
                        <LogOut aria-hidden />
                        {t("workspaces.members.leave")}
                      </StatusButton>
                    </Form>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}

/** Invites an address with a role, and lists the invitations waiting, each withdrawn with a click (admins). */
export function InvitationsCard({ invitations, myRole, reply }: { invitations: InvitationItem[]; myRole: WorkspaceRole; reply?: FormReply }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const [form, fields] = useZodForm("workspace-invite", inviteSchema, resultFor(reply, "invite"), { defaultValue: { email: "", role: "editor" } });
  return (
    <Card role="region" aria-labelledby="invite-title">
      <CardHeader>
        <CardTitle id="invite-title">{t("workspaces.members.invite.title")}</CardTitle>
        <CardDescription>{t("workspaces.members.invite.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
          <Field
            label={t("workspaces.members.invite.email")}
            errors={fields.email.errors}
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off", required: false }}
          />
          <div className="flex flex-col gap-2">
            <Label htmlFor={fields.role.id}>{t("workspaces.members.invite.role")}</Label>
            <select
              id={fields.role.id}
              name={fields.role.name}
              defaultValue="editor"
              className="h-10 rounded-md border border-input bg-background px-3 text-sm"
            >
              {rolesGivenBy(myRole).map((role) => (
                <option key={role} value={role}>
                  {t(`workspaces.roles.${role}`)} — {t(`workspaces.roleRights.${role}`)}
                </option>
              ))}
            </select>
            <ErrorList errors={fields.role.errors} />
          </div>
          <FormErrors id={form.errorId} errors={form.errors} />
          <StatusButton name="intent" value="invite" className="self-start">
            <MailPlus aria-hidden />
            {t("workspaces.members.invite.submit")}
          </StatusButton>
        </Form>
        <div className="flex flex-col gap-2 border-t pt-4">
          <h3 className="text-sm font-medium">{t("workspaces.members.invite.waiting")}</h3>
          {invitations.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("workspaces.members.invite.none")}</p>
          ) : (
            <ul className="flex flex-col divide-y">
              {invitations.map((invitation) => (
                <li key={invitation.id} className="flex flex-wrap items-center gap-2 py-2" data-testid="invitation">
                  <div className="flex min-w-0 flex-1 flex-col">
                    <span className="text-sm wrap-anywhere">{invitation.email}</span>
                    <span className="text-xs text-muted-foreground">
                      {t(`workspaces.roles.${invitation.role}`)} · {t("workspaces.members.invite.expires", { date: formatDate(invitation.expiresAt, "date") })}
                    </span>
                  </div>
                  <Form method="post">
                    <input type="hidden" name="invitationId" value={invitation.id} />
                    <Button
                      type="submit"
                      name="intent"
                      value="withdraw"
                      variant="ghost"
                      size="sm"
                      aria-label={t("workspaces.members.invite.withdrawFor", { email: invitation.email })}
                    >
                      <X aria-hidden />
                      {t("workspaces.members.invite.withdraw")}
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

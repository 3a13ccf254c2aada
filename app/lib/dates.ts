// Dates are shown in India time on the server and in the browser alike (no hydration mismatch).
const dateFmt = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

export const formatDate = (d: Date) => dateFmt.format(d);

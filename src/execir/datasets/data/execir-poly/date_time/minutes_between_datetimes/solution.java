public class Main {
    static long daysFromCivil(long y, long m, long d) {
        if (m <= 2) y -= 1;
        long era = y / 400, yoe = y - era * 400;
        long doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
        return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
    }

    static long toMinutes(String date, String clock) {
        String[] p = date.split("-");
        long days = daysFromCivil(Long.parseLong(p[0]), Long.parseLong(p[1]), Long.parseLong(p[2]));
        return days * 1440 + Long.parseLong(clock.substring(0, 2)) * 60 + Long.parseLong(clock.substring(3, 5));
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int q = Integer.parseInt(t[0]);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) {
            int k = 1 + 4 * i;
            out.append(toMinutes(t[k + 2], t[k + 3]) - toMinutes(t[k], t[k + 1])).append("\n");
        }
        System.out.print(out);
    }
}

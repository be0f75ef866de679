public class Main {
    static long daysFromCivil(long y, long m, long d) {
        if (m <= 2) y -= 1;
        long era = y / 400, yoe = y - era * 400;
        long doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
        return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
    }

    static String civilFromDays(long z) {
        z += 719468;
        long era = z / 146097, doe = z - era * 146097;
        long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
        long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        long mp = (5 * doy + 2) / 153;
        long d = doy - (153 * mp + 2) / 5 + 1;
        long m = mp < 10 ? mp + 3 : mp - 9;
        return String.format("%04d-%02d-%02d", yoe + era * 400 + (m <= 2 ? 1 : 0), m, d);
    }

    static String addWorkingDays(String start, int n) {
        String[] p = start.split("-");
        long day = daysFromCivil(Long.parseLong(p[0]), Long.parseLong(p[1]), Long.parseLong(p[2]));
        while (n > 0) {
            day++;
            if (Math.floorMod(day + 3, 7L) < 5) n--;
        }
        return civilFromDays(day);
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int q = Integer.parseInt(t[0]);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) {
            out.append(addWorkingDays(t[1 + 2 * i], Integer.parseInt(t[2 + 2 * i]))).append("\n");
        }
        System.out.print(out);
    }
}

public class Main {
    static long daysFromCivil(long y, long m, long d) {
        if (m <= 2) y -= 1;
        long era = y / 400;
        long yoe = y - era * 400;
        long doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
        return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
    }

    static long parse(String iso) {
        String[] p = iso.split("-");
        return daysFromCivil(Long.parseLong(p[0]), Long.parseLong(p[1]), Long.parseLong(p[2]));
    }

    static int businessDays(String start, String end) {
        int count = 0;
        for (long day = parse(start); day <= parse(end); day++) {
            if (Math.floorMod(day + 3, 7L) < 5) count++;
        }
        return count;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int q = Integer.parseInt(t[0]);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) out.append(businessDays(t[1 + 2 * i], t[2 + 2 * i])).append("\n");
        System.out.print(out);
    }
}

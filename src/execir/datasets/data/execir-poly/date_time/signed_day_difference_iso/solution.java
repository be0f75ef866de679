public class Main {
    static long daysFromCivil(long y, long m, long d) {
        if (m <= 2) y -= 1;
        long era = y / 400;
        long yoe = y - era * 400;
        long doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
        long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        return era * 146097 + doe - 719468;
    }

    static long parse(String iso) {
        String[] p = iso.split("-");
        return daysFromCivil(Long.parseLong(p[0]), Long.parseLong(p[1]), Long.parseLong(p[2]));
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int q = Integer.parseInt(t[0]);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) {
            out.append(parse(t[2 + 2 * i]) - parse(t[1 + 2 * i])).append("\n");
        }
        System.out.print(out);
    }
}

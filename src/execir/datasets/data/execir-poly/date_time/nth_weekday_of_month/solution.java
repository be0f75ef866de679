public class Main {
    static long daysFromCivil(long y, long m, long d) {
        if (m <= 2) y -= 1;
        long era = y / 400, yoe = y - era * 400;
        long doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
        return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
    }

    static int nthWeekday(int year, int month, int weekday, int n) {
        int[] lengths = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
        if (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) lengths[1] = 29;
        int first = (int) Math.floorMod(daysFromCivil(year, month, 1) + 3, 7L);
        int day = 1 + Math.floorMod(weekday - first, 7) + 7 * (n - 1);
        return day <= lengths[month - 1] ? day : -1;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int q = Integer.parseInt(t[0]);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) {
            int day = nthWeekday(Integer.parseInt(t[1 + 4 * i]), Integer.parseInt(t[2 + 4 * i]),
                    Integer.parseInt(t[3 + 4 * i]), Integer.parseInt(t[4 + 4 * i]));
            out.append(day < 0 ? "none" : String.valueOf(day)).append("\n");
        }
        System.out.print(out);
    }
}

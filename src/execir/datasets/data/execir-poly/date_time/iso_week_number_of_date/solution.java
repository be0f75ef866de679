public class Main {
    static long daysFromCivil(long y, long m, long d) {
        if (m <= 2) y -= 1;
        long era = y / 400, yoe = y - era * 400;
        long doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
        return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
    }

    static String isoWeek(int year, int month, int day) {
        long days = daysFromCivil(year, month, day);
        long thursday = days - Math.floorMod(days + 3, 7L) + 3;
        int weekYear = year;
        if (thursday < daysFromCivil(year, 1, 1)) weekYear--;
        else if (thursday >= daysFromCivil(year + 1, 1, 1)) weekYear++;
        long week = (thursday - daysFromCivil(weekYear, 1, 1)) / 7 + 1;
        return String.format("%04d-W%02d", weekYear, week);
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int q = Integer.parseInt(t[0]);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) {
            out.append(isoWeek(Integer.parseInt(t[1 + 3 * i]), Integer.parseInt(t[2 + 3 * i]),
                    Integer.parseInt(t[3 + 3 * i]))).append("\n");
        }
        System.out.print(out);
    }
}

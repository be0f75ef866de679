public class Main {
    static Long majority(long[] items) {
        long candidate = 0;
        int votes = 0;
        for (long item : items) {
            if (votes == 0) {
                candidate = item;
                votes = 1;
            } else if (item == candidate) {
                votes++;
            } else {
                votes--;
            }
        }
        long count = 0;
        for (long item : items) if (item == candidate) count++;
        return count * 2 > items.length ? candidate : null;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(t[0]);
        long[] items = new long[n];
        for (int i = 0; i < n; i++) items[i] = Long.parseLong(t[1 + i]);
        Long result = majority(items);
        System.out.println(result == null ? "none" : String.valueOf(result));
    }
}

#include <iostream>
#include <vector>

int boundary(const std::vector<int>& values, int x, bool inclusive) {
    int lo = 0, hi = (int)values.size();
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (values[mid] < x || (inclusive && values[mid] == x)) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

int countInRange(const std::vector<int>& values, int low, int high) {
    if (low > high) return 0;
    return boundary(values, high, true) - boundary(values, low, false);
}

int main() {
    int n;
    std::cin >> n;
    std::vector<int> values(n);
    for (int& v : values) std::cin >> v;
    int low, high;
    while (std::cin >> low >> high) {
        std::cout << countInRange(values, low, high) << "\n";
    }
    return 0;
}

#include <iostream>
#include <vector>

int firstIndex(const std::vector<int>& values, int target) {
    int lo = 0, hi = (int)values.size() - 1, found = -1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (values[mid] == target) {
            found = mid;
            hi = mid - 1;
        } else if (values[mid] < target) {
            lo = mid + 1;
        } else {
            hi = mid - 1;
        }
    }
    return found;
}

int main() {
    int n;
    std::cin >> n;
    std::vector<int> values(n);
    for (int& v : values) std::cin >> v;
    int target;
    while (std::cin >> target) {
        std::cout << firstIndex(values, target) << "\n";
    }
    return 0;
}
